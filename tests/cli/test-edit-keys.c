/* test-edit-keys.c: the key decoder of iri edit
 *
 * Every case is fed three ways, all at once, byte by byte, and split in
 * two at every position, and must give the same keys each time: a
 * terminal's bytes arrive in reads of any size.  Then invalid and
 * overlong sequences, the bound on the sequence buffer, and random
 * bytes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "iri-edit-keys.h"

typedef struct {
  const char *name;      /* the test path's last part */
  const char *bytes;
  gssize      length;    /* -1: NUL-terminated */
  const char *expected;  /* key names (iri_edit_key_to_string) separated by spaces, after a final flush */
} KeyCase;

static const KeyCase key_cases[] = {
  /* Text. */
  { "ascii", "ab", -1, "U+0061 U+0062" },
  { "utf8-2", "\xC3\xA9", -1, "U+00E9" },
  { "utf8-hebrew", "\xD7\xA9\xD7\x9C", -1, "U+05E9 U+05DC" },
  { "utf8-3", "\xE2\x80\xAE", -1, "U+202E" },
  { "utf8-4", "\xF0\x9F\x98\x80", -1, "U+1F600" },
  { "space-tilde", " ~", -1, "U+0020 U+007E" },

  /* Arrows: CSI (normal cursor keys), SS3 (application cursor keys) and
   * xterm's modifiers. */
  { "left-csi", "\033[D", -1, "Left" },
  { "right-csi", "\033[C", -1, "Right" },
  { "up-csi", "\033[A", -1, "Up" },
  { "down-csi", "\033[B", -1, "Down" },
  { "left-ss3", "\033OD", -1, "Left" },
  { "right-ss3", "\033OC", -1, "Right" },
  { "ctrl-left-xterm", "\033[1;5D", -1, "Ctrl-Left" },
  { "shift-right-xterm", "\033[1;2C", -1, "Shift-Right" },
  { "alt-left-xterm", "\033[1;3D", -1, "Alt-Left" },
  { "ctrl-left-old", "\033[5D", -1, "Ctrl-Left" },
  { "ctrl-left-ss3-old", "\033O5D", -1, "Ctrl-Left" },
  { "ctrl-left-rxvt", "\033Od", -1, "Ctrl-Left" },
  { "shift-left-rxvt", "\033[d", -1, "Shift-Left" },
  { "alt-left-esc-esc", "\033\033[D", -1, "Alt-Left" },

  /* Home and End in all their forms. */
  { "home-csi-h", "\033[H", -1, "Home" },
  { "end-csi-f", "\033[F", -1, "End" },
  { "home-ss3", "\033OH", -1, "Home" },
  { "end-ss3", "\033OF", -1, "End" },
  { "home-vt220", "\033[1~", -1, "Home" },
  { "end-vt220", "\033[4~", -1, "End" },
  { "home-rxvt", "\033[7~", -1, "Home" },
  { "end-rxvt", "\033[8~", -1, "End" },
  { "ctrl-home-rxvt", "\033[7^", -1, "Ctrl-Home" },
  { "ctrl-end-xterm", "\033[1;5F", -1, "Ctrl-End" },

  /* The editing keypad. */
  { "delete", "\033[3~", -1, "Delete" },
  { "ctrl-delete", "\033[3;5~", -1, "Ctrl-Delete" },
  { "shift-delete-rxvt", "\033[3$", -1, "Shift-Delete" },
  { "insert", "\033[2~", -1, "Insert" },
  { "page-up", "\033[5~", -1, "PageUp" },
  { "page-down", "\033[6~", -1, "PageDown" },
  { "backtab", "\033[Z", -1, "BackTab" },

  /* Single bytes. */
  { "backspace-del", "\177", -1, "Backspace" },
  { "backspace-bs", "\010", -1, "Backspace" },
  { "alt-backspace", "\033\177", -1, "Alt-Backspace" },
  { "enter-cr", "\r", -1, "Enter" },
  { "enter-lf", "\n", -1, "Enter" },
  { "enter-keypad", "\033OM", -1, "Enter" },
  { "tab", "\t", -1, "Tab" },
  { "ctrl-space", "\0", 1, "Ctrl-Space" },
  { "ctrl-a", "\001", -1, "Ctrl-A" },
  { "ctrl-b", "\002", -1, "Ctrl-B" },
  { "ctrl-c", "\003", -1, "Ctrl-C" },
  { "ctrl-d", "\004", -1, "Ctrl-D" },
  { "ctrl-e", "\005", -1, "Ctrl-E" },
  { "ctrl-f", "\006", -1, "Ctrl-F" },
  { "ctrl-k", "\013", -1, "Ctrl-K" },
  { "ctrl-u", "\025", -1, "Ctrl-U" },
  { "ctrl-w", "\027", -1, "Ctrl-W" },
  { "ctrl-y", "\031", -1, "Ctrl-Y" },
  { "ctrl-z", "\032", -1, "Ctrl-Z" },
  { "ctrl-underscore", "\037", -1, "Ctrl-_" },
  { "ctrl-backslash", "\034", -1, "Ctrl-\\" },
  { "keypad-digit", "\033Op", -1, "U+0030" },

  /* Esc: alone (resolved by the flush), as Alt, doubled. */
  { "escape-lone", "\033", -1, "Escape" },
  { "escape-double", "\033\033", -1, "Alt-Escape" },
  { "escape-triple", "\033\033\033", -1, "Alt-Escape Escape" },
  { "alt-b", "\033b", -1, "Alt-U+0062" },
  { "alt-ctrl-a", "\033\001", -1, "Alt-Ctrl-A" },
  { "alt-utf8", "\033\xC3\xA9", -1, "Alt-U+00E9" },
  { "alt-bracket", "\033[", -1, "Alt-U+005B" },
  { "alt-o", "\033O", -1, "Alt-U+004F" },
  { "escape-then-invalid", "\033\xFF" "a", -1, "Invalid(1) U+0061" },
  { "escape-then-key", "\033\033OD", -1, "Alt-Left" },

  /* Bracketed paste: everything inside is text. */
  { "paste", "\033[200~ab\033[201~", -1, "PasteStart U+0061 U+0062 PasteEnd" },
  { "paste-rlo", "\033[200~a\xE2\x80\xAE" "b\033[201~", -1, "PasteStart U+0061 U+202E U+0062 PasteEnd" },
  { "paste-controls", "\033[200~a\r\nb\tc\003\033[201~", -1,
    "PasteStart U+0061 U+000D U+000A U+0062 U+0009 U+0063 U+0003 PasteEnd" },
  { "paste-escapes", "\033[200~\033\033x\033[20x\033[D\033[201~", -1,
    "PasteStart U+001B U+001B U+0078 U+001B U+005B U+0032 U+0030 U+0078 U+001B U+005B U+0044 PasteEnd" },
  { "paste-nested-start", "\033[200~\033[200~\033[201~", -1,
    "PasteStart U+001B U+005B U+0032 U+0030 U+0030 U+007E PasteEnd" },
  { "paste-invalid", "\033[200~a\xFF\xC3(\033[201~", -1, "PasteStart U+0061 Invalid(1) Invalid(1) U+0028 PasteEnd" },
  { "paste-nul", "\033[200~\0\033[201~", 13, "PasteStart U+0000 PasteEnd" },
  { "paste-then-keys", "\033[200~a\033[201~\033[D", -1, "PasteStart U+0061 PasteEnd Left" },
  { "paste-unterminated", "\033[200~ab", -1, "PasteStart U+0061 U+0062 PasteEnd" },
  { "paste-cut-marker", "\033[200~a\033[20", -1, "PasteStart U+0061 U+001B U+005B U+0032 U+0030 PasteEnd" },
  { "paste-cut-utf8", "\033[200~\xE2\x80", -1, "PasteStart Invalid(2) PasteEnd" },
  { "paste-end-stray", "\033[201~", -1, "PasteEnd" },
  { "paste-start-with-param", "\033[200;2~a", -1, "Unknown U+0061" },

  /* Bytes that are not UTF-8 (RFC 3629 §4): each bad byte is dropped on
   * its own, and a good byte that ends a cut sequence is kept. */
  { "invalid-ff", "\xFF", -1, "Invalid(1)" },
  { "invalid-continuation", "\x80", -1, "Invalid(1)" },
  { "invalid-c1-csi", "\x9B" "D", -1, "Invalid(1) U+0044" },
  { "overlong-2", "\xC0\x80", -1, "Invalid(1) Invalid(1)" },
  { "overlong-2-c1", "\xC1\xBF", -1, "Invalid(1) Invalid(1)" },
  { "overlong-3", "\xE0\x80\xAF", -1, "Invalid(1) Invalid(1) Invalid(1)" },
  { "overlong-4", "\xF0\x80\x80\xAF", -1, "Invalid(1) Invalid(1) Invalid(1) Invalid(1)" },
  { "surrogate", "\xED\xA0\x80", -1, "Invalid(1) Invalid(1) Invalid(1)" },
  { "above-10ffff", "\xF4\x90\x80\x80", -1, "Invalid(1) Invalid(1) Invalid(1) Invalid(1)" },
  { "five-bytes", "\xF8\x88\x80\x80\x80", -1, "Invalid(1) Invalid(1) Invalid(1) Invalid(1) Invalid(1)" },
  { "max-code-point", "\xF4\x8F\xBF\xBF", -1, "U+10FFFF" },
  { "truncated-then-ascii", "\xE2\x80" "a", -1, "Invalid(2) U+0061" },
  { "truncated-then-escape", "\xE2\x80\033[D", -1, "Invalid(2) Left" },
  { "truncated-at-end", "\xF0\x9F\x98", -1, "Invalid(3)" },
  { "truncated-then-lead", "\xC3\xC3\xA9", -1, "Invalid(1) U+00E9" },

  /* Sequences we do not know are swallowed whole, and never typed. */
  { "unknown-tilde", "\033[99~x", -1, "Unknown U+0078" },
  { "unknown-f5", "\033[15~", -1, "Unknown" },
  { "unknown-f1-ss3", "\033OP", -1, "Unknown" },
  { "unknown-private", "\033[?1;2c", -1, "Unknown" },
  { "unknown-mouse-sgr", "\033[<0;10;5M", -1, "Unknown" },
  { "unknown-intermediate", "\033[1 q", -1, "Unknown" },
  { "unknown-subparam", "\033[1:5D", -1, "Unknown" },
  { "linux-f1", "\033[[Ax", -1, "Unknown U+0078" },
  { "linux-f1-cut", "\033[[", -1, "Unknown" },
  { "csi-cut-by-control", "\033[1;\003", -1, "Unknown Ctrl-C" },
  { "csi-cut-by-escape", "\033[\033[D", -1, "Unknown Left" },
  { "csi-cut-by-utf8", "\033[1\xC3\xA9", -1, "Unknown U+00E9" },
  { "csi-cut-at-end", "\033[1;5", -1, "Unknown" },
  { "ss3-cut-by-del", "\033O\177", -1, "Unknown Backspace" },
  { "huge-parameter", "\033[99999999999999999999D", -1, "Left" },
  { "many-parameters", "\033[1;2;3;4;5;6;7D", -1, "Shift-Left" },
};

static char *
keys_to_string (GArray *keys)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < keys->len; i++)
    {
      g_autofree char *name = iri_edit_key_to_string (&g_array_index (keys, IriEditKey, i));

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, name);
    }
  return g_string_free (out, FALSE);
}

static void
flush_into (IriEditKeys *keys,
            GArray      *out)
{
  IriEditKey flushed[IRI_EDIT_KEYS_MAX_OUT];
  guint n = iri_edit_keys_flush (keys, flushed);

  g_assert_cmpuint (n, <=, IRI_EDIT_KEYS_MAX_OUT);
  g_array_append_vals (out, flushed, n);
  g_assert_false (iri_edit_keys_is_pending (keys));
  g_assert_false (iri_edit_keys_in_paste (keys));
}

/* Feeds @bytes in pieces that end at each of @cuts, then flushes. */
static char *
decode_split (const char *bytes,
              gsize       length,
              gsize       cut)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (IriEditKey));

  iri_edit_keys_feed_bytes (keys, bytes, cut, out);
  iri_edit_keys_feed_bytes (keys, bytes + cut, length - cut, out);
  flush_into (keys, out);
  return keys_to_string (out);
}

static char *
decode_bytewise (const char *bytes,
                 gsize       length)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (IriEditKey));

  for (gsize i = 0; i < length; i++)
    {
      IriEditKey got[IRI_EDIT_KEYS_MAX_OUT];
      guint n = iri_edit_keys_feed (keys, (guint8) bytes[i], got);

      g_assert_cmpuint (n, <=, IRI_EDIT_KEYS_MAX_OUT);
      g_array_append_vals (out, got, n);
    }
  flush_into (keys, out);
  return keys_to_string (out);
}

static void
test_key_case (gconstpointer data)
{
  const KeyCase *c = data;
  gsize length = c->length < 0 ? strlen (c->bytes) : (gsize) c->length;
  g_autofree char *bytewise = decode_bytewise (c->bytes, length);

  g_assert_cmpstr (bytewise, ==, c->expected);
  for (gsize cut = 0; cut <= length; cut++)
    {
      g_autofree char *split = decode_split (c->bytes, length, cut);

      g_assert_cmpstr (split, ==, c->expected);
    }
}

/* A key after a sequence must not wait for a flush: arrows arrive while
 * the user holds the key, and each must move the cursor at once. */
static void
test_no_flush_needed (void)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (IriEditKey));
  const char left[] = "\033[D";

  iri_edit_keys_feed_bytes (keys, left, 1, out);
  g_assert_true (iri_edit_keys_is_pending (keys));
  iri_edit_keys_feed_bytes (keys, left + 1, 1, out);
  g_assert_true (iri_edit_keys_is_pending (keys));
  g_assert_cmpuint (out->len, ==, 0);
  iri_edit_keys_feed_bytes (keys, left + 2, 1, out);
  g_assert_false (iri_edit_keys_is_pending (keys));
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_cmpint (g_array_index (out, IriEditKey, 0).type, ==, IRI_EDIT_KEY_LEFT);

  /* Text is not held back either. */
  iri_edit_keys_feed_bytes (keys, "x", 1, out);
  g_assert_cmpuint (out->len, ==, 2);
  g_assert_false (iri_edit_keys_is_pending (keys));
}

static void
test_paste_state (void)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (IriEditKey));
  const char start[] = "\033[200~";

  iri_edit_keys_feed_bytes (keys, start, strlen (start), out);
  g_assert_true (iri_edit_keys_in_paste (keys));
  /* Waiting for pasted text is not "pending": no Esc timeout applies. */
  g_assert_false (iri_edit_keys_is_pending (keys));
  iri_edit_keys_feed_bytes (keys, "\033", 1, out);
  g_assert_true (iri_edit_keys_in_paste (keys));
  g_assert_true (iri_edit_keys_is_pending (keys));
  iri_edit_keys_feed_bytes (keys, "[201~", 5, out);
  g_assert_false (iri_edit_keys_in_paste (keys));
  g_assert_cmpuint (out->len, ==, 2);

  /* reset() forgets a paste in progress. */
  iri_edit_keys_feed_bytes (keys, start, strlen (start), out);
  g_assert_true (iri_edit_keys_in_paste (keys));
  iri_edit_keys_reset (keys);
  g_assert_false (iri_edit_keys_in_paste (keys));
}

/* The sequence buffer is bounded: a sequence of a megabyte is swallowed
 * up to its final byte as one Unknown key, and what follows is decoded
 * normally. */
static void
test_buffer_bound (void)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (IriEditKey));
  gsize n = 1024 * 1024;
  g_autofree char *bytes = g_malloc (n + 4);
  g_autofree char *names = NULL;

  bytes[0] = '\033';
  bytes[1] = '[';
  memset (bytes + 2, '1', n - 2);
  bytes[n] = 'D';
  bytes[n + 1] = 'a';
  iri_edit_keys_feed_bytes (keys, bytes, n + 2, out);
  names = keys_to_string (out);
  g_assert_cmpstr (names, ==, "Unknown U+0061");

  /* Exactly at the bound, and one over. */
  for (gsize len = IRI_EDIT_KEYS_MAX_SEQUENCE - 2; len <= IRI_EDIT_KEYS_MAX_SEQUENCE + 2; len++)
    {
      g_autoptr(GString) seq = g_string_new ("\033[");
      g_autofree char *got = NULL;

      g_string_append (seq, "1;");
      while (seq->len < len + 2 - 1)
        g_string_append_c (seq, '0');
      g_string_append_c (seq, '5');
      g_string_append (seq, "D");
      got = decode_bytewise (seq->str, seq->len);
      if (len <= IRI_EDIT_KEYS_MAX_SEQUENCE)
        g_assert_cmpstr (got, ==, "Ctrl-Left");
      else
        g_assert_cmpstr (got, ==, "Unknown");
    }
}

/* Any bytes: the decoder never emits more keys than it promised, never
 * a character that is not Unicode, never a control character outside a
 * paste, and always comes back to rest after a flush. */
static void
test_random_bytes (void)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  /* Bytes that make sequences likely, not only noise. */
  static const guint8 alphabet[] = {
    0x1B, '[', 'O', '2', '0', '1', '~', ';', '5', 'D', 'A', 'a', 0x7F, 0x08, 0x00, '\r',
    0xC3, 0xA9, 0xE2, 0x80, 0xAE, 0xF0, 0x9F, 0xFF, 0xED, 0xA0, '$', '^', '?', '<', 'M', 0x9B,
  };
  guint iterations = g_test_slow () ? 2000000 : 200000;

  for (guint i = 0; i < iterations; i++)
    {
      guint8 byte = g_test_rand_bit () ? alphabet[g_test_rand_int_range (0, G_N_ELEMENTS (alphabet))]
                                       : (guint8) g_test_rand_int_range (0, 256);
      IriEditKey got[IRI_EDIT_KEYS_MAX_OUT];
      gboolean in_paste = iri_edit_keys_in_paste (keys);
      guint n = iri_edit_keys_feed (keys, byte, got);

      g_assert_cmpuint (n, <=, IRI_EDIT_KEYS_MAX_OUT);
      for (guint k = 0; k < n; k++)
        {
          g_assert_cmpint (got[k].type, >, IRI_EDIT_KEY_NONE);
          g_assert_cmpint (got[k].type, <=, IRI_EDIT_KEY_CTRL_UNDERSCORE);
          if (got[k].type == IRI_EDIT_KEY_CHAR)
            {
              g_assert_true (g_unichar_validate (got[k].c));
              if (!in_paste)
                g_assert_cmpuint (got[k].c, >=, 0x20);
            }
          if (got[k].type == IRI_EDIT_KEY_INVALID)
            {
              g_assert_cmpuint (got[k].n_bytes, >=, 1);
              g_assert_cmpuint (got[k].n_bytes, <=, 3);
            }
        }
      if (g_test_rand_int_range (0, 1000) == 0)
        {
          IriEditKey flushed[IRI_EDIT_KEYS_MAX_OUT];

          g_assert_cmpuint (iri_edit_keys_flush (keys, flushed), <=, IRI_EDIT_KEYS_MAX_OUT);
          g_assert_false (iri_edit_keys_is_pending (keys));
          g_assert_false (iri_edit_keys_in_paste (keys));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (key_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/iri-edit/keys/case/%s", key_cases[i].name);

      g_test_add_data_func (path, &key_cases[i], test_key_case);
    }
  g_test_add_func ("/iri-edit/keys/no-flush-needed", test_no_flush_needed);
  g_test_add_func ("/iri-edit/keys/paste-state", test_paste_state);
  g_test_add_func ("/iri-edit/keys/buffer-bound", test_buffer_bound);
  g_test_add_func ("/iri-edit/keys/random-bytes", test_random_bytes);

  return g_test_run ();
}
