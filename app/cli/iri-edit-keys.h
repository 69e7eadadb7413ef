/* iri-edit-keys.h: terminal key decoder for iri edit, without any I/O
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What one key press (or one bracketed-paste marker) decodes to.  The
 * control keys that share a byte with another key are reported as that
 * key: 0x08 (Ctrl-H) is BACKSPACE, 0x09 (Ctrl-I) is TAB, 0x0A (Ctrl-J)
 * and 0x0D (Ctrl-M) are ENTER and 0x1B (Ctrl-[) starts an escape
 * sequence, so IRI_EDIT_KEY_CTRL_H, _I, _J and _M are never produced;
 * they are in the enumeration only so that CTRL_A + (letter - 'A') works
 * for every letter. */
typedef enum {
  IRI_EDIT_KEY_NONE,
  IRI_EDIT_KEY_CHAR,        /* a character: IriEditKey.c holds it */
  IRI_EDIT_KEY_INVALID,     /* bytes that are not UTF-8: IriEditKey.n_bytes of them */
  IRI_EDIT_KEY_UNKNOWN,     /* an escape sequence we do not know, swallowed whole */
  IRI_EDIT_KEY_ESCAPE,      /* a lone Esc (reported by iri_edit_keys_flush) */
  IRI_EDIT_KEY_ENTER,
  IRI_EDIT_KEY_TAB,
  IRI_EDIT_KEY_BACKTAB,
  IRI_EDIT_KEY_BACKSPACE,
  IRI_EDIT_KEY_DELETE,
  IRI_EDIT_KEY_INSERT,
  IRI_EDIT_KEY_LEFT,
  IRI_EDIT_KEY_RIGHT,
  IRI_EDIT_KEY_UP,
  IRI_EDIT_KEY_DOWN,
  IRI_EDIT_KEY_HOME,
  IRI_EDIT_KEY_END,
  IRI_EDIT_KEY_PAGE_UP,
  IRI_EDIT_KEY_PAGE_DOWN,
  IRI_EDIT_KEY_PASTE_START, /* CSI 200 ~ */
  IRI_EDIT_KEY_PASTE_END,   /* CSI 201 ~ */
  IRI_EDIT_KEY_CTRL_SPACE,  /* 0x00 */
  IRI_EDIT_KEY_CTRL_A,      /* 0x01 … */
  IRI_EDIT_KEY_CTRL_B,
  IRI_EDIT_KEY_CTRL_C,
  IRI_EDIT_KEY_CTRL_D,
  IRI_EDIT_KEY_CTRL_E,
  IRI_EDIT_KEY_CTRL_F,
  IRI_EDIT_KEY_CTRL_G,
  IRI_EDIT_KEY_CTRL_H,
  IRI_EDIT_KEY_CTRL_I,
  IRI_EDIT_KEY_CTRL_J,
  IRI_EDIT_KEY_CTRL_K,
  IRI_EDIT_KEY_CTRL_L,
  IRI_EDIT_KEY_CTRL_M,
  IRI_EDIT_KEY_CTRL_N,
  IRI_EDIT_KEY_CTRL_O,
  IRI_EDIT_KEY_CTRL_P,
  IRI_EDIT_KEY_CTRL_Q,
  IRI_EDIT_KEY_CTRL_R,
  IRI_EDIT_KEY_CTRL_S,
  IRI_EDIT_KEY_CTRL_T,
  IRI_EDIT_KEY_CTRL_U,
  IRI_EDIT_KEY_CTRL_V,
  IRI_EDIT_KEY_CTRL_W,
  IRI_EDIT_KEY_CTRL_X,
  IRI_EDIT_KEY_CTRL_Y,
  IRI_EDIT_KEY_CTRL_Z,      /* … 0x1A */
  IRI_EDIT_KEY_CTRL_BACKSLASH,    /* 0x1C */
  IRI_EDIT_KEY_CTRL_BRACKETRIGHT, /* 0x1D */
  IRI_EDIT_KEY_CTRL_CARET,        /* 0x1E */
  IRI_EDIT_KEY_CTRL_UNDERSCORE,   /* 0x1F */
} IriEditKeyType;

/* xterm's modifier parameter minus one (CSI 1 ; 5 D is Ctrl-Left); an
 * Esc before a key (ESC b, ESC ESC [ D) is Alt, as terminals send it. */
typedef enum {
  IRI_EDIT_MOD_NONE  = 0,
  IRI_EDIT_MOD_SHIFT = 1 << 0,
  IRI_EDIT_MOD_ALT   = 1 << 1,
  IRI_EDIT_MOD_CTRL  = 1 << 2,
  IRI_EDIT_MOD_META  = 1 << 3,
} IriEditModifiers;

typedef struct {
  IriEditKeyType   type;
  IriEditModifiers modifiers;
  gunichar         c;         /* IRI_EDIT_KEY_CHAR only */
  guint            n_bytes;   /* IRI_EDIT_KEY_INVALID only: how many bytes were dropped */
} IriEditKey;

/* The most keys one call of iri_edit_keys_feed() or iri_edit_keys_flush()
 * can produce: a byte that ends a broken sequence gives the sequence's
 * key and the byte's own key; inside a paste, a broken end marker gives
 * back each of its (at most 6) bytes and then the key of the byte that
 * broke it. */
#define IRI_EDIT_KEYS_MAX_OUT 8

/* The longest escape sequence kept; longer ones are swallowed up to
 * their final byte and reported as IRI_EDIT_KEY_UNKNOWN.  Every
 * sequence a keyboard sends fits (CSI 1 ; 10 ~ is 7 bytes). */
#define IRI_EDIT_KEYS_MAX_SEQUENCE 32

typedef struct _IriEditKeys IriEditKeys;

IriEditKeys *iri_edit_keys_new        (void);
void         iri_edit_keys_free       (IriEditKeys  *self);
void         iri_edit_keys_reset      (IriEditKeys  *self);

/* Feeds one byte; stores the keys it completes in @out and returns how
 * many (0 to IRI_EDIT_KEYS_MAX_OUT).  Any byte is accepted in any
 * state. */
guint        iri_edit_keys_feed       (IriEditKeys  *self,
                                       guint8        byte,
                                       IriEditKey    out[IRI_EDIT_KEYS_MAX_OUT]);
/* Feeds @length bytes and appends the keys to @keys (of IriEditKey). */
void         iri_edit_keys_feed_bytes (IriEditKeys  *self,
                                       const char   *data,
                                       gsize         length,
                                       GArray       *keys);

/* Whether bytes are held back waiting for the rest of a sequence (a lone
 * Esc cannot be told from the start of an arrow key until the input has
 * been quiet for a moment). */
gboolean     iri_edit_keys_is_pending (IriEditKeys  *self);
/* Whether we are between PASTE_START and PASTE_END: every byte is then
 * text, including controls, Esc, CR and LF. */
gboolean     iri_edit_keys_in_paste   (IriEditKeys  *self);

/* The input has been quiet: resolves what is held back (a lone Esc
 * becomes ESCAPE, a truncated UTF-8 sequence INVALID, ESC [ becomes
 * Alt-[).  Inside a paste, gives back the held bytes as text and ends
 * the paste with PASTE_END, so that a terminal that never sends the end
 * marker cannot leave us pasting forever.  Returns the number of keys. */
guint        iri_edit_keys_flush      (IriEditKeys  *self,
                                       IriEditKey    out[IRI_EDIT_KEYS_MAX_OUT]);

/* A name for the key, for tests and debugging ("Ctrl-Left", "U+05D0"). */
char        *iri_edit_key_to_string   (const IriEditKey *key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IriEditKeys, iri_edit_keys_free)

G_END_DECLS
