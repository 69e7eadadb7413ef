/* iri-edit-keys.c: terminal key decoder for iri edit, without any I/O
 *
 * The decoder is a byte-at-a-time state machine, so that it can be fed
 * from any read size and fuzzed.  It knows the sequences that xterm,
 * VT220-style terminals, rxvt and the Linux console send for the keys a
 * line editor uses (ECMA-48 §5.4 gives the shape of a control sequence:
 * CSI, parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final
 * byte 0x40–0x7E), the bracketed-paste markers of xterm (CSI 200 ~ and
 * CSI 201 ~) and UTF-8 text.  Whatever else arrives is swallowed as one
 * UNKNOWN key or reported as INVALID bytes; nothing is ever taken as
 * text by mistake, and no byte sequence can make it read or write out of
 * bounds: the only buffers are fixed arrays whose indices are checked.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-edit-keys.h"

#include <string.h>

#define ESC 0x1B

typedef enum {
  STATE_GROUND,
  STATE_UTF8,          /* inside a multi-byte UTF-8 character */
  STATE_ESC,           /* after ESC */
  STATE_CSI,           /* after ESC [ */
  STATE_CSI_BRACKET,   /* after ESC [ [ (Linux console F1–F5) */
  STATE_SS3,           /* after ESC O */
  STATE_PASTE,         /* between the paste markers */
  STATE_PASTE_UTF8,
  STATE_PASTE_END,     /* inside a paste, matching ESC [ 2 0 1 ~ */
} State;

/* The end marker of a bracketed paste, after its ESC. */
static const char paste_end[] = "[201~";

struct _IriEditKeys
{
  State   state;

  /* A pending Alt: an ESC that prefixes the next key. */
  gboolean alt;

  /* UTF-8 character being assembled (at most 4 bytes). */
  guint8  utf8[4];
  guint   utf8_len;
  guint   utf8_need;

  /* Escape sequence being collected, without the ESC [ or ESC O; when it
   * is longer than the buffer we only wait for its final byte. */
  guint8  seq[IRI_EDIT_KEYS_MAX_SEQUENCE];
  guint   seq_len;
  gboolean seq_overflow;

  /* How much of paste_end matched after an ESC inside a paste. */
  guint   paste_match;
};

IriEditKeys *
iri_edit_keys_new (void)
{
  return g_new0 (IriEditKeys, 1);
}

void
iri_edit_keys_free (IriEditKeys *self)
{
  g_free (self);
}

void
iri_edit_keys_reset (IriEditKeys *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
}

gboolean
iri_edit_keys_is_pending (IriEditKeys *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->state != STATE_GROUND && self->state != STATE_PASTE;
}

gboolean
iri_edit_keys_in_paste (IriEditKeys *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->state == STATE_PASTE || self->state == STATE_PASTE_UTF8 ||
         self->state == STATE_PASTE_END;
}

/* The output of one call: a fixed array and its fill level.  Every
 * emission is checked against the capacity; the state machine is built
 * so that the check never fires, but a mistake must not write past the
 * caller's array. */
typedef struct {
  IriEditKey *keys;
  guint       n;
} Out;

static void
emit (IriEditKeys      *self,
      Out              *out,
      IriEditKeyType    type,
      IriEditModifiers  modifiers,
      gunichar          c,
      guint             n_bytes)
{
  IriEditKey *key;

  /* A pending Alt (ESC before the key) goes to the key it prefixes; if
   * what follows the ESC is not UTF-8, the Alt goes with it. */
  if (self->alt)
    {
      if (type != IRI_EDIT_KEY_INVALID)
        modifiers |= IRI_EDIT_MOD_ALT;
      self->alt = FALSE;
    }

  g_return_if_fail (out->n < IRI_EDIT_KEYS_MAX_OUT);

  key = &out->keys[out->n++];
  key->type = type;
  key->modifiers = modifiers;
  key->c = c;
  key->n_bytes = n_bytes;
}

static void
emit_char (IriEditKeys *self,
           Out         *out,
           gunichar     c)
{
  emit (self, out, IRI_EDIT_KEY_CHAR, IRI_EDIT_MOD_NONE, c, 0);
}

static void
emit_key (IriEditKeys      *self,
          Out              *out,
          IriEditKeyType    type,
          IriEditModifiers  modifiers)
{
  emit (self, out, type, modifiers, 0, 0);
}

static void
emit_invalid (IriEditKeys *self,
              Out         *out,
              guint        n_bytes)
{
  emit (self, out, IRI_EDIT_KEY_INVALID, IRI_EDIT_MOD_NONE, 0, n_bytes);
}

/* How many bytes a UTF-8 sequence with this lead byte has, or 0 for a
 * byte that cannot start one (continuation bytes, C0 and C1 which would
 * be overlong, F5–FF beyond U+10FFFF; RFC 3629 §4). */
static guint
utf8_length (guint8 lead)
{
  if (lead >= 0xC2 && lead <= 0xDF)
    return 2;
  if (lead >= 0xE0 && lead <= 0xEF)
    return 3;
  if (lead >= 0xF0 && lead <= 0xF4)
    return 4;
  return 0;
}

/* Whether @byte may come at @index of a sequence that starts with
 * @lead: RFC 3629 §4 narrows the second byte after E0, ED, F0 and F4 so
 * that overlong forms, surrogates and values above U+10FFFF are not
 * UTF-8.  Checking byte by byte reports a bad sequence as soon as it
 * goes wrong, so the byte that broke it is decoded on its own. */
static gboolean
utf8_continues (guint8 lead,
                guint  index,
                guint8 byte)
{
  if (index == 1)
    {
      switch (lead)
        {
        case 0xE0:
          return byte >= 0xA0 && byte <= 0xBF;
        case 0xED:
          return byte >= 0x80 && byte <= 0x9F;
        case 0xF0:
          return byte >= 0x90 && byte <= 0xBF;
        case 0xF4:
          return byte >= 0x80 && byte <= 0x8F;
        default:
          break;
        }
    }
  return byte >= 0x80 && byte <= 0xBF;
}

static void feed_ground (IriEditKeys *self, guint8 byte, Out *out);
static void feed_paste  (IriEditKeys *self, guint8 byte, Out *out);

/* A byte in the UTF-8 states: part of the character, or the byte that
 * shows the character was cut short.  Returns FALSE when @byte was not
 * used and must be fed again in the state we went back to. */
static gboolean
feed_utf8 (IriEditKeys *self,
           guint8       byte,
           Out         *out,
           State        back)
{
  gunichar c;

  if (!utf8_continues (self->utf8[0], self->utf8_len, byte))
    {
      emit_invalid (self, out, self->utf8_len);
      self->utf8_len = 0;
      self->state = back;
      return FALSE;
    }

  self->utf8[self->utf8_len++] = byte;
  if (self->utf8_len < self->utf8_need)
    return TRUE;

  /* utf8_continues() already rules out everything that is not UTF-8;
   * GLib checks once more, so that we never emit a value it would not
   * accept. */
  c = g_utf8_get_char_validated ((const char *) self->utf8, self->utf8_len);
  if (c == (gunichar) -1 || c == (gunichar) -2)
    emit_invalid (self, out, self->utf8_len);
  else
    emit_char (self, out, c);
  self->utf8_len = 0;
  self->state = back;
  return TRUE;
}

/* Starts a multi-byte character, or reports a byte that cannot start
 * one. */
static void
start_utf8 (IriEditKeys *self,
            guint8       byte,
            Out         *out,
            State        utf8_state)
{
  guint need = utf8_length (byte);

  if (need == 0)
    {
      emit_invalid (self, out, 1);
      return;
    }
  self->utf8[0] = byte;
  self->utf8_len = 1;
  self->utf8_need = need;
  self->state = utf8_state;
}

static void
feed_ground (IriEditKeys *self,
             guint8       byte,
             Out         *out)
{
  self->state = STATE_GROUND;

  if (byte >= 0x80)
    {
      start_utf8 (self, byte, out, STATE_UTF8);
      return;
    }

  switch (byte)
    {
    case ESC:
      self->state = STATE_ESC;
      break;
    case '\r':
    case '\n':
      emit_key (self, out, IRI_EDIT_KEY_ENTER, IRI_EDIT_MOD_NONE);
      break;
    case '\t':
      emit_key (self, out, IRI_EDIT_KEY_TAB, IRI_EDIT_MOD_NONE);
      break;
    case 0x08:
    case 0x7F:
      /* Terminals send DEL (xterm, VTE, the Linux console) or BS (some
       * configurations, and Ctrl-Backspace in several) for Backspace;
       * both mean the same here. */
      emit_key (self, out, IRI_EDIT_KEY_BACKSPACE, IRI_EDIT_MOD_NONE);
      break;
    case 0x00:
      emit_key (self, out, IRI_EDIT_KEY_CTRL_SPACE, IRI_EDIT_MOD_NONE);
      break;
    case 0x1C:
      emit_key (self, out, IRI_EDIT_KEY_CTRL_BACKSLASH, IRI_EDIT_MOD_NONE);
      break;
    case 0x1D:
      emit_key (self, out, IRI_EDIT_KEY_CTRL_BRACKETRIGHT, IRI_EDIT_MOD_NONE);
      break;
    case 0x1E:
      emit_key (self, out, IRI_EDIT_KEY_CTRL_CARET, IRI_EDIT_MOD_NONE);
      break;
    case 0x1F:
      emit_key (self, out, IRI_EDIT_KEY_CTRL_UNDERSCORE, IRI_EDIT_MOD_NONE);
      break;
    default:
      if (byte < 0x20)
        emit_key (self, out, IRI_EDIT_KEY_CTRL_A + (byte - 0x01), IRI_EDIT_MOD_NONE);
      else
        emit_char (self, out, byte);
      break;
    }
}

/* xterm encodes modifiers as a parameter: 1 + (Shift 1, Alt 2, Ctrl 4,
 * Meta 8), so 2 to 16; anything else is not a modifier. */
static IriEditModifiers
decode_modifiers (guint param)
{
  if (param < 2 || param > 16)
    return IRI_EDIT_MOD_NONE;
  return (param - 1) & (IRI_EDIT_MOD_SHIFT | IRI_EDIT_MOD_ALT | IRI_EDIT_MOD_CTRL | IRI_EDIT_MOD_META);
}

/* Splits the parameter bytes "1;5" into numbers.  Returns FALSE for
 * anything a key does not send: private markers (< = > ?), sub-parameters
 * (:), intermediate bytes. */
#define MAX_PARAMS 4
#define MAX_PARAM_VALUE 65535

static gboolean
parse_params (const guint8 *seq,
              guint         len,
              guint         params[MAX_PARAMS],
              guint        *n_params)
{
  guint n = 0;
  guint value = 0;
  gboolean have_digit = FALSE;

  for (guint i = 0; i < MAX_PARAMS; i++)
    params[i] = 0;

  if (len == 0)
    {
      *n_params = 0;
      return TRUE;
    }

  for (guint i = 0; i < len; i++)
    {
      guint8 b = seq[i];

      if (b >= '0' && b <= '9')
        {
          value = MIN (value * 10 + (b - '0'), MAX_PARAM_VALUE);
          have_digit = TRUE;
        }
      else if (b == ';')
        {
          if (n < MAX_PARAMS)
            params[n] = have_digit ? value : 0;
          n++;
          value = 0;
          have_digit = FALSE;
        }
      else
        return FALSE;
    }
  if (n < MAX_PARAMS)
    params[n] = have_digit ? value : 0;
  n++;

  *n_params = MIN (n, MAX_PARAMS);
  return TRUE;
}

static IriEditKeyType
letter_key (guint8 final)
{
  switch (final)
    {
    case 'A': return IRI_EDIT_KEY_UP;
    case 'B': return IRI_EDIT_KEY_DOWN;
    case 'C': return IRI_EDIT_KEY_RIGHT;
    case 'D': return IRI_EDIT_KEY_LEFT;
    case 'H': return IRI_EDIT_KEY_HOME;
    case 'F': return IRI_EDIT_KEY_END;
    default:  return IRI_EDIT_KEY_NONE;
    }
}

/* The keys of CSI n ~ (VT220 editing keypad; 7 and 8 are rxvt's Home and
 * End, 1 and 4 the Linux console's). */
static IriEditKeyType
tilde_key (guint code)
{
  switch (code)
    {
    case 1:
    case 7:
      return IRI_EDIT_KEY_HOME;
    case 2:
      return IRI_EDIT_KEY_INSERT;
    case 3:
      return IRI_EDIT_KEY_DELETE;
    case 4:
    case 8:
      return IRI_EDIT_KEY_END;
    case 5:
      return IRI_EDIT_KEY_PAGE_UP;
    case 6:
      return IRI_EDIT_KEY_PAGE_DOWN;
    case 200:
      return IRI_EDIT_KEY_PASTE_START;
    case 201:
      return IRI_EDIT_KEY_PASTE_END;
    default:
      return IRI_EDIT_KEY_NONE;
    }
}

/* A complete CSI sequence: the parameter and intermediate bytes in
 * self->seq, then @final. */
static void
finish_csi (IriEditKeys *self,
            guint8       final,
            Out         *out)
{
  guint params[MAX_PARAMS];
  guint n_params;
  IriEditKeyType type = IRI_EDIT_KEY_NONE;
  IriEditModifiers modifiers = IRI_EDIT_MOD_NONE;

  self->state = STATE_GROUND;

  if (self->seq_overflow ||
      !parse_params (self->seq, self->seq_len, params, &n_params))
    {
      emit_key (self, out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      return;
    }

  switch (final)
    {
    case 'A':
    case 'B':
    case 'C':
    case 'D':
    case 'H':
    case 'F':
      /* xterm: CSI 1 ; 5 D is Ctrl-Left; some older terminals send
       * CSI 5 D. */
      type = letter_key (final);
      if (n_params >= 2)
        modifiers = decode_modifiers (params[1]);
      else if (n_params == 1)
        modifiers = decode_modifiers (params[0]);
      break;
    case 'a':
    case 'b':
    case 'c':
    case 'd':
      /* rxvt: Shift-arrows. */
      if (n_params == 0)
        {
          type = letter_key (final - 'a' + 'A');
          modifiers = IRI_EDIT_MOD_SHIFT;
        }
      break;
    case 'Z':
      if (n_params == 0)
        type = IRI_EDIT_KEY_BACKTAB;
      break;
    case '~':
    case '^':
    case '@':
    case '$':
      /* VT220 CSI n ~ with xterm's modifier as a second parameter; rxvt
       * marks Ctrl with ^, Shift with $ and both with @ instead of ~. */
      if (n_params >= 1)
        {
          type = tilde_key (params[0]);
          if (final == '~' && n_params >= 2)
            modifiers = decode_modifiers (params[1]);
          else if (final == '^')
            modifiers = IRI_EDIT_MOD_CTRL;
          else if (final == '$')
            modifiers = IRI_EDIT_MOD_SHIFT;
          else if (final == '@')
            modifiers = IRI_EDIT_MOD_CTRL | IRI_EDIT_MOD_SHIFT;
          /* The paste markers take no modifiers. */
          if ((type == IRI_EDIT_KEY_PASTE_START || type == IRI_EDIT_KEY_PASTE_END) &&
              (final != '~' || n_params != 1))
            type = IRI_EDIT_KEY_NONE;
        }
      break;
    default:
      break;
    }

  if (type == IRI_EDIT_KEY_NONE)
    {
      emit_key (self, out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      return;
    }

  emit_key (self, out, type, modifiers);
  if (type == IRI_EDIT_KEY_PASTE_START)
    {
      self->state = STATE_PASTE;
      self->paste_match = 0;
    }
}

static void
finish_ss3 (IriEditKeys *self,
            guint8       final,
            Out         *out)
{
  guint params[MAX_PARAMS];
  guint n_params;
  IriEditKeyType type = IRI_EDIT_KEY_NONE;
  IriEditModifiers modifiers = IRI_EDIT_MOD_NONE;
  /* The keypad in application mode (DECKPAM) sends SS3 j … y for
   * * + , - . / 0 … 9. */
  static const char keypad[] = "*+,-./0123456789";

  self->state = STATE_GROUND;

  if (self->seq_overflow ||
      !parse_params (self->seq, self->seq_len, params, &n_params))
    {
      emit_key (self, out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      return;
    }

  /* Old xterms send SS3 5 D for Ctrl-Left, and SS3 1 ; 5 D also occurs. */
  if (n_params >= 2)
    modifiers = decode_modifiers (params[1]);
  else if (n_params == 1)
    modifiers = decode_modifiers (params[0]);

  switch (final)
    {
    case 'A':
    case 'B':
    case 'C':
    case 'D':
    case 'H':
    case 'F':
      type = letter_key (final);
      break;
    case 'a':
    case 'b':
    case 'c':
    case 'd':
      /* rxvt: Ctrl-arrows. */
      type = letter_key (final - 'a' + 'A');
      modifiers |= IRI_EDIT_MOD_CTRL;
      break;
    case 'M':
      type = IRI_EDIT_KEY_ENTER;   /* keypad Enter */
      break;
    default:
      if (final >= 'j' && final <= 'y' && n_params == 0)
        {
          emit_char (self, out, (guchar) keypad[final - 'j']);
          return;
        }
      break;
    }

  if (type == IRI_EDIT_KEY_NONE)
    emit_key (self, out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
  else
    emit_key (self, out, type, modifiers);
}

static void
start_sequence (IriEditKeys *self,
                State        state)
{
  self->state = state;
  self->seq_len = 0;
  self->seq_overflow = FALSE;
}

static void
seq_append (IriEditKeys *self,
            guint8       byte)
{
  if (self->seq_len < sizeof self->seq)
    self->seq[self->seq_len++] = byte;
  else
    self->seq_overflow = TRUE;
}

/* One byte of a CSI or SS3 sequence.  A byte that cannot be part of one
 * (a control, DEL, a non-ASCII byte) ends it as UNKNOWN and is then
 * decoded on its own, so that a cut-off sequence does not eat the next
 * key. */
static void
feed_sequence (IriEditKeys *self,
               guint8       byte,
               Out         *out)
{
  gboolean is_csi = self->state == STATE_CSI;

  if (is_csi && self->seq_len == 0 && !self->seq_overflow && byte == '[')
    {
      /* The Linux console's F1–F5: ESC [ [ A … ESC [ [ E. */
      self->state = STATE_CSI_BRACKET;
      return;
    }

  if (byte >= 0x20 && byte <= 0x3F)
    {
      /* rxvt ends Shift-Delete and friends with $, which is an
       * intermediate byte in ECMA-48; after digits only, take it as the
       * final byte. */
      if (is_csi && byte == '$' && self->seq_len > 0 && !self->seq_overflow &&
          self->seq[self->seq_len - 1] >= '0' && self->seq[self->seq_len - 1] <= '9')
        {
          finish_csi (self, byte, out);
          return;
        }
      seq_append (self, byte);
      return;
    }

  if (byte >= 0x40 && byte <= 0x7E)
    {
      if (is_csi)
        finish_csi (self, byte, out);
      else
        finish_ss3 (self, byte, out);
      return;
    }

  emit_key (self, out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
  feed_ground (self, byte, out);
}

static void
feed_esc (IriEditKeys *self,
          guint8       byte,
          Out         *out)
{
  switch (byte)
    {
    case '[':
      start_sequence (self, STATE_CSI);
      break;
    case 'O':
      start_sequence (self, STATE_SS3);
      break;
    case ESC:
      if (self->alt)
        {
          /* ESC ESC ESC: the first two were Alt-Esc; the third starts
           * again. */
          emit_key (self, out, IRI_EDIT_KEY_ESCAPE, IRI_EDIT_MOD_NONE);
        }
      else
        {
          /* ESC ESC [ D is Alt-Left in several terminals. */
          self->alt = TRUE;
        }
      self->state = STATE_ESC;
      break;
    default:
      /* ESC x is Alt-x. */
      self->alt = TRUE;
      feed_ground (self, byte, out);
      break;
    }
}

/* Inside a paste everything is text, controls included; only the end
 * marker is not. */
static void
feed_paste (IriEditKeys *self,
            guint8       byte,
            Out         *out)
{
  self->state = STATE_PASTE;

  if (byte == ESC)
    {
      self->state = STATE_PASTE_END;
      self->paste_match = 0;
    }
  else if (byte >= 0x80)
    start_utf8 (self, byte, out, STATE_PASTE_UTF8);
  else
    emit_char (self, out, byte);
}

static void
feed_paste_end (IriEditKeys *self,
                guint8       byte,
                Out         *out)
{
  if ((guchar) paste_end[self->paste_match] == byte)
    {
      self->paste_match++;
      if (paste_end[self->paste_match] == '\0')
        {
          self->state = STATE_GROUND;
          self->paste_match = 0;
          emit_key (self, out, IRI_EDIT_KEY_PASTE_END, IRI_EDIT_MOD_NONE);
        }
      return;
    }

  /* Not the end marker: the ESC and what matched were text. */
  emit_char (self, out, ESC);
  for (guint i = 0; i < self->paste_match; i++)
    emit_char (self, out, (guchar) paste_end[i]);
  self->paste_match = 0;
  feed_paste (self, byte, out);
}

guint
iri_edit_keys_feed (IriEditKeys *self,
                    guint8       byte,
                    IriEditKey   out_keys[IRI_EDIT_KEYS_MAX_OUT])
{
  Out out = { out_keys, 0 };

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (out_keys != NULL, 0);

  switch (self->state)
    {
    case STATE_GROUND:
      feed_ground (self, byte, &out);
      break;
    case STATE_UTF8:
      if (!feed_utf8 (self, byte, &out, STATE_GROUND))
        feed_ground (self, byte, &out);
      break;
    case STATE_ESC:
      feed_esc (self, byte, &out);
      break;
    case STATE_CSI:
    case STATE_SS3:
      feed_sequence (self, byte, &out);
      break;
    case STATE_CSI_BRACKET:
      self->state = STATE_GROUND;
      emit_key (self, &out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      if (byte < 0x20 || byte > 0x7E)
        feed_ground (self, byte, &out);
      break;
    case STATE_PASTE:
      feed_paste (self, byte, &out);
      break;
    case STATE_PASTE_UTF8:
      if (!feed_utf8 (self, byte, &out, STATE_PASTE))
        feed_paste (self, byte, &out);
      break;
    case STATE_PASTE_END:
      feed_paste_end (self, byte, &out);
      break;
    default:
      g_assert_not_reached ();
    }

  return out.n;
}

void
iri_edit_keys_feed_bytes (IriEditKeys *self,
                          const char  *data,
                          gsize        length,
                          GArray      *keys)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (data != NULL || length == 0);
  g_return_if_fail (keys != NULL);

  for (gsize i = 0; i < length; i++)
    {
      IriEditKey out[IRI_EDIT_KEYS_MAX_OUT];
      guint n = iri_edit_keys_feed (self, (guint8) data[i], out);

      g_array_append_vals (keys, out, n);
    }
}

guint
iri_edit_keys_flush (IriEditKeys *self,
                     IriEditKey   out_keys[IRI_EDIT_KEYS_MAX_OUT])
{
  Out out = { out_keys, 0 };

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (out_keys != NULL, 0);

  switch (self->state)
    {
    case STATE_GROUND:
      break;
    case STATE_UTF8:
      emit_invalid (self, &out, self->utf8_len);
      break;
    case STATE_ESC:
      emit_key (self, &out, IRI_EDIT_KEY_ESCAPE, IRI_EDIT_MOD_NONE);
      break;
    case STATE_CSI:
    case STATE_SS3:
      /* ESC [ and ESC O alone are Alt-[ and Alt-O. */
      if (self->seq_len == 0 && !self->seq_overflow)
        {
          self->alt = TRUE;
          emit_char (self, &out, self->state == STATE_CSI ? '[' : 'O');
        }
      else
        emit_key (self, &out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      break;
    case STATE_CSI_BRACKET:
      emit_key (self, &out, IRI_EDIT_KEY_UNKNOWN, IRI_EDIT_MOD_NONE);
      break;
    case STATE_PASTE:
      emit_key (self, &out, IRI_EDIT_KEY_PASTE_END, IRI_EDIT_MOD_NONE);
      break;
    case STATE_PASTE_UTF8:
      emit_invalid (self, &out, self->utf8_len);
      emit_key (self, &out, IRI_EDIT_KEY_PASTE_END, IRI_EDIT_MOD_NONE);
      break;
    case STATE_PASTE_END:
      emit_char (self, &out, ESC);
      for (guint i = 0; i < self->paste_match; i++)
        emit_char (self, &out, (guchar) paste_end[i]);
      emit_key (self, &out, IRI_EDIT_KEY_PASTE_END, IRI_EDIT_MOD_NONE);
      break;
    default:
      g_assert_not_reached ();
    }

  self->state = STATE_GROUND;
  self->alt = FALSE;
  self->utf8_len = 0;
  self->seq_len = 0;
  self->seq_overflow = FALSE;
  self->paste_match = 0;
  return out.n;
}

static const char *
key_name (IriEditKeyType type)
{
  static const char * const names[] = {
    [IRI_EDIT_KEY_NONE] = "None",
    [IRI_EDIT_KEY_CHAR] = "Char",
    [IRI_EDIT_KEY_INVALID] = "Invalid",
    [IRI_EDIT_KEY_UNKNOWN] = "Unknown",
    [IRI_EDIT_KEY_ESCAPE] = "Escape",
    [IRI_EDIT_KEY_ENTER] = "Enter",
    [IRI_EDIT_KEY_TAB] = "Tab",
    [IRI_EDIT_KEY_BACKTAB] = "BackTab",
    [IRI_EDIT_KEY_BACKSPACE] = "Backspace",
    [IRI_EDIT_KEY_DELETE] = "Delete",
    [IRI_EDIT_KEY_INSERT] = "Insert",
    [IRI_EDIT_KEY_LEFT] = "Left",
    [IRI_EDIT_KEY_RIGHT] = "Right",
    [IRI_EDIT_KEY_UP] = "Up",
    [IRI_EDIT_KEY_DOWN] = "Down",
    [IRI_EDIT_KEY_HOME] = "Home",
    [IRI_EDIT_KEY_END] = "End",
    [IRI_EDIT_KEY_PAGE_UP] = "PageUp",
    [IRI_EDIT_KEY_PAGE_DOWN] = "PageDown",
    [IRI_EDIT_KEY_PASTE_START] = "PasteStart",
    [IRI_EDIT_KEY_PASTE_END] = "PasteEnd",
    [IRI_EDIT_KEY_CTRL_SPACE] = "Ctrl-Space",
    [IRI_EDIT_KEY_CTRL_BACKSLASH] = "Ctrl-\\",
    [IRI_EDIT_KEY_CTRL_BRACKETRIGHT] = "Ctrl-]",
    [IRI_EDIT_KEY_CTRL_CARET] = "Ctrl-^",
    [IRI_EDIT_KEY_CTRL_UNDERSCORE] = "Ctrl-_",
  };

  if ((guint) type < G_N_ELEMENTS (names) && names[type] != NULL)
    return names[type];
  return NULL;
}

char *
iri_edit_key_to_string (const IriEditKey *key)
{
  GString *out = g_string_new (NULL);
  const char *name;

  g_return_val_if_fail (key != NULL, NULL);

  if (key->modifiers & IRI_EDIT_MOD_CTRL)
    g_string_append (out, "Ctrl-");
  if (key->modifiers & IRI_EDIT_MOD_ALT)
    g_string_append (out, "Alt-");
  if (key->modifiers & IRI_EDIT_MOD_SHIFT)
    g_string_append (out, "Shift-");
  if (key->modifiers & IRI_EDIT_MOD_META)
    g_string_append (out, "Meta-");

  if (key->type == IRI_EDIT_KEY_CHAR)
    g_string_append_printf (out, "U+%04X", key->c);
  else if (key->type == IRI_EDIT_KEY_INVALID)
    g_string_append_printf (out, "Invalid(%u)", key->n_bytes);
  else if (key->type >= IRI_EDIT_KEY_CTRL_A && key->type <= IRI_EDIT_KEY_CTRL_Z)
    g_string_append_printf (out, "Ctrl-%c", 'A' + (key->type - IRI_EDIT_KEY_CTRL_A));
  else if ((name = key_name (key->type)) != NULL)
    g_string_append (out, name);
  else
    g_string_append_printf (out, "Key(%d)", (int) key->type);

  return g_string_free (out, FALSE);
}
