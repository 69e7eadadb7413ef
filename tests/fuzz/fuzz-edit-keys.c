/* fuzz-edit-keys.c: the key decoder of iri edit (escape sequences,
 * UTF-8, bracketed paste) and the edit buffer it drives
 *
 * Invariants: decoding does not depend on how the bytes are split into
 * reads (byte by byte, all at once, or in two pieces at any point); a
 * flush leaves nothing pending and ends a paste; decoded characters are
 * Unicode scalar values and every key has a name; text that is plain
 * UTF-8 without controls decodes to exactly its characters; applying
 * the keys to an edit buffer keeps its text valid UTF-8 without NUL and
 * its cursor inside the text, and undoing everything gives the initial
 * text back.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-edit-buffer.h"
#include "iri-edit-keys.h"
#include "fuzz-common.h"

static GArray *
decode_bytewise (const uint8_t *data,
                 size_t         size)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  GArray *out = g_array_new (FALSE, FALSE, sizeof (IriEditKey));
  IriEditKey buffer[IRI_EDIT_KEYS_MAX_OUT];
  guint n;

  for (size_t i = 0; i < size; i++)
    {
      n = iri_edit_keys_feed (keys, data[i], buffer);
      FUZZ_ASSERT (n <= IRI_EDIT_KEYS_MAX_OUT);
      g_array_append_vals (out, buffer, n);
    }
  n = iri_edit_keys_flush (keys, buffer);
  FUZZ_ASSERT (n <= IRI_EDIT_KEYS_MAX_OUT);
  g_array_append_vals (out, buffer, n);
  FUZZ_ASSERT (!iri_edit_keys_is_pending (keys) && !iri_edit_keys_in_paste (keys));
  return out;
}

static GArray *
decode_split (const uint8_t *data,
              size_t         size,
              size_t         split)
{
  g_autoptr(IriEditKeys) keys = iri_edit_keys_new ();
  GArray *out = g_array_new (FALSE, FALSE, sizeof (IriEditKey));
  IriEditKey buffer[IRI_EDIT_KEYS_MAX_OUT];
  guint n;

  iri_edit_keys_feed_bytes (keys, (const char *) data, split, out);
  iri_edit_keys_feed_bytes (keys, (const char *) data + split, size - split, out);
  n = iri_edit_keys_flush (keys, buffer);
  g_array_append_vals (out, buffer, n);
  return out;
}

static gboolean
keys_equal (GArray *a,
            GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const IriEditKey *x = &g_array_index (a, IriEditKey, i);
      const IriEditKey *y = &g_array_index (b, IriEditKey, i);

      if (x->type != y->type || x->modifiers != y->modifiers || x->c != y->c || x->n_bytes != y->n_bytes)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_plain_text (const uint8_t *data,
               size_t         size)
{
  if (!fuzz_is_text (data, size))
    return FALSE;
  for (size_t i = 0; i < size; i++)
    if (data[i] < 0x20 || data[i] == 0x7F)
      return FALSE;
  return TRUE;
}

/* What iri edit does with each key, reduced to the buffer operations. */
static void
apply (IriEditBuffer    *buffer,
       const IriEditKey *key,
       gboolean          in_paste)
{
  gsize cursor = iri_edit_buffer_get_cursor (buffer);

  switch (key->type)
    {
    case IRI_EDIT_KEY_CHAR:
      if (key->c != 0)
        iri_edit_buffer_insert_char (buffer, key->c, in_paste ? IRI_EDIT_INSERT_PASTE : IRI_EDIT_INSERT_TYPING);
      break;
    case IRI_EDIT_KEY_BACKSPACE:
      iri_edit_buffer_delete_backward (buffer);
      break;
    case IRI_EDIT_KEY_DELETE:
    case IRI_EDIT_KEY_CTRL_D:
      iri_edit_buffer_delete_forward (buffer);
      break;
    case IRI_EDIT_KEY_CTRL_K:
      iri_edit_buffer_kill_to_end (buffer);
      break;
    case IRI_EDIT_KEY_CTRL_U:
      iri_edit_buffer_kill_to_start (buffer);
      break;
    case IRI_EDIT_KEY_CTRL_W:
      iri_edit_buffer_delete_word_backward (buffer);
      break;
    case IRI_EDIT_KEY_CTRL_Z:
    case IRI_EDIT_KEY_CTRL_UNDERSCORE:
      iri_edit_buffer_undo (buffer);
      break;
    case IRI_EDIT_KEY_CTRL_Y:
      iri_edit_buffer_redo (buffer);
      break;
    case IRI_EDIT_KEY_LEFT:
    case IRI_EDIT_KEY_CTRL_B:
      iri_edit_buffer_set_cursor (buffer, cursor > 0 ? cursor - 1 : 0);
      break;
    case IRI_EDIT_KEY_RIGHT:
    case IRI_EDIT_KEY_CTRL_F:
      iri_edit_buffer_set_cursor (buffer, cursor + 1);
      break;
    case IRI_EDIT_KEY_HOME:
    case IRI_EDIT_KEY_CTRL_A:
      iri_edit_buffer_set_cursor (buffer, 0);
      break;
    case IRI_EDIT_KEY_END:
    case IRI_EDIT_KEY_CTRL_E:
      iri_edit_buffer_set_cursor (buffer, G_MAXSIZE);
      break;
    default:
      break;
    }
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GArray) bytewise = decode_bytewise (data, size);
  g_autoptr(GArray) whole = decode_split (data, size, size);
  g_autoptr(GArray) halves = decode_split (data, size, size > 0 ? data[0] % (size + 1) : 0);
  g_autoptr(IriEditBuffer) buffer = iri_edit_buffer_new ("http://example.org/שלום");
  g_autofree char *initial = g_strdup (iri_edit_buffer_get_text (buffer));
  gboolean in_paste = FALSE;

  FUZZ_ASSERT (keys_equal (bytewise, whole));
  FUZZ_ASSERT (keys_equal (bytewise, halves));

  for (guint i = 0; i < bytewise->len; i++)
    {
      const IriEditKey *key = &g_array_index (bytewise, IriEditKey, i);
      g_autofree char *name = iri_edit_key_to_string (key);

      FUZZ_ASSERT (name != NULL && g_utf8_validate (name, -1, NULL));
      if (key->type == IRI_EDIT_KEY_CHAR)
        FUZZ_ASSERT (g_unichar_validate (key->c));
      if (key->type == IRI_EDIT_KEY_INVALID)
        FUZZ_ASSERT (key->n_bytes > 0 && key->n_bytes <= size);
      if (key->type == IRI_EDIT_KEY_PASTE_START)
        in_paste = TRUE;
      else if (key->type == IRI_EDIT_KEY_PASTE_END)
        in_paste = FALSE;

      apply (buffer, key, in_paste);
      FUZZ_ASSERT (g_utf8_validate (iri_edit_buffer_get_text (buffer), iri_edit_buffer_get_length (buffer), NULL));
      FUZZ_ASSERT (strlen (iri_edit_buffer_get_text (buffer)) == iri_edit_buffer_get_length (buffer));
      FUZZ_ASSERT (iri_edit_buffer_get_n_chars (buffer) ==
                   (gsize) g_utf8_strlen (iri_edit_buffer_get_text (buffer), -1));
      FUZZ_ASSERT (iri_edit_buffer_get_cursor (buffer) <= iri_edit_buffer_get_n_chars (buffer));
    }

  /* Plain text is just its characters. */
  if (is_plain_text (data, size))
    {
      const char *p = (const char *) data;

      FUZZ_ASSERT (bytewise->len == (guint) g_utf8_strlen (p, size));
      for (guint i = 0; i < bytewise->len; i++, p = g_utf8_next_char (p))
        {
          const IriEditKey *key = &g_array_index (bytewise, IriEditKey, i);

          FUZZ_ASSERT (key->type == IRI_EDIT_KEY_CHAR && key->c == g_utf8_get_char (p));
        }
    }

  /* Everything can be undone (within the kept history). */
  for (guint steps = 0; iri_edit_buffer_can_undo (buffer) && steps < IRI_EDIT_BUFFER_MAX_UNDO; steps++)
    FUZZ_ASSERT (iri_edit_buffer_undo (buffer));
  if (!iri_edit_buffer_can_undo (buffer) && bytewise->len < IRI_EDIT_BUFFER_MAX_UNDO)
    FUZZ_ASSERT (g_str_equal (iri_edit_buffer_get_text (buffer), initial));
  return 0;
}
