/* iri-edit-buffer.c: the text of iri edit and its editing operations
 *
 * No terminal I/O here: the editor maps keys to these operations, and
 * the tests call them directly.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "iri-edit-buffer.h"

#include <string.h>
#include <iri.h>

/* How one undo step changed the text: at byte @pos, @removed was
 * replaced by @inserted.  Undo puts @removed back, redo @inserted. */
typedef enum {
  EDIT_OTHER,
  EDIT_TYPING,
  EDIT_BACKSPACE,
  EDIT_DELETE,
} EditKind;

typedef struct {
  EditKind  kind;
  gsize     pos;
  GString  *removed;
  GString  *inserted;
  gsize     cursor_before;
  gsize     cursor_after;
} Edit;

struct _IriEditBuffer
{
  GString       *text;
  gsize          n_chars;
  gsize          cursor;

  /* Grapheme cluster boundaries come from the library's layout (Pango's
   * UAX #29 data); made when first needed after each change. */
  IriBidiLayout *layout;

  GPtrArray     *undo;      /* (element-type Edit), oldest first */
  GPtrArray     *redo;      /* (element-type Edit), next redo last */
  /* Whether the newest undo step may still grow (consecutive typing or
   * deleting); moving the cursor, undo and redo close it. */
  gboolean       group_open;
};

static void
edit_free (gpointer data)
{
  Edit *edit = data;

  g_string_free (edit->removed, TRUE);
  g_string_free (edit->inserted, TRUE);
  g_free (edit);
}

IriEditBuffer *
iri_edit_buffer_new (const char *text)
{
  IriEditBuffer *self = g_new0 (IriEditBuffer, 1);

  if (text == NULL)
    text = "";
  g_return_val_if_fail (g_utf8_validate (text, -1, NULL), self);

  self->text = g_string_new (text);
  self->n_chars = g_utf8_strlen (text, -1);
  self->cursor = self->n_chars;
  self->undo = g_ptr_array_new_with_free_func (edit_free);
  self->redo = g_ptr_array_new_with_free_func (edit_free);
  return self;
}

void
iri_edit_buffer_free (IriEditBuffer *self)
{
  if (self == NULL)
    return;

  g_string_free (self->text, TRUE);
  g_clear_pointer (&self->layout, iri_bidi_layout_unref);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_free (self);
}

const char *
iri_edit_buffer_get_text (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->text->str;
}

gsize
iri_edit_buffer_get_length (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->text->len;
}

gsize
iri_edit_buffer_get_n_chars (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_chars;
}

gsize
iri_edit_buffer_get_cursor (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->cursor;
}

void
iri_edit_buffer_set_cursor (IriEditBuffer *self,
                            gsize          cursor)
{
  g_return_if_fail (self != NULL);

  self->cursor = MIN (cursor, self->n_chars);
  self->group_open = FALSE;
}

static gsize
byte_offset (IriEditBuffer *self,
             gsize          char_offset)
{
  return g_utf8_offset_to_pointer (self->text->str, MIN (char_offset, self->n_chars)) - self->text->str;
}

static IriBidiLayout *
get_layout (IriEditBuffer *self)
{
  /* The display mode does not change where clusters end. */
  if (self->layout == NULL)
    self->layout = iri_bidi_layout_new (self->text->str, self->text->len, IRI_DISPLAY_EMBED);
  return self->layout;
}

/* Replaces @remove_len bytes at byte @pos with @insert; the only place
 * that changes the text. */
static void
replace (IriEditBuffer *self,
         gsize          pos,
         gsize          remove_len,
         const char    *insert,
         gsize          insert_len)
{
  g_string_erase (self->text, pos, remove_len);
  g_string_insert_len (self->text, pos, insert, insert_len);
  self->n_chars = g_utf8_strlen (self->text->str, self->text->len);
  g_clear_pointer (&self->layout, iri_bidi_layout_unref);
}

static Edit *
last_open_edit (IriEditBuffer *self,
                EditKind       kind)
{
  Edit *edit;

  if (!self->group_open || self->undo->len == 0)
    return NULL;
  edit = g_ptr_array_index (self->undo, self->undo->len - 1);
  return edit->kind == kind ? edit : NULL;
}

static Edit *
push_edit (IriEditBuffer *self,
           EditKind       kind,
           gsize          pos)
{
  Edit *edit = g_new0 (Edit, 1);

  edit->kind = kind;
  edit->pos = pos;
  edit->removed = g_string_new (NULL);
  edit->inserted = g_string_new (NULL);
  edit->cursor_before = self->cursor;

  /* A new change makes the undone steps unreachable. */
  g_ptr_array_set_size (self->redo, 0);
  if (self->undo->len >= IRI_EDIT_BUFFER_MAX_UNDO)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_add (self->undo, edit);
  return edit;
}

void
iri_edit_buffer_insert (IriEditBuffer     *self,
                        const char        *text,
                        gssize             length,
                        IriEditInsertKind  kind)
{
  gsize pos;
  Edit *edit = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (text != NULL || length == 0);

  if (length < 0)
    length = strlen (text);
  g_return_if_fail (g_utf8_validate_len (text, length, NULL));
  if (length == 0)
    return;

  pos = byte_offset (self, self->cursor);
  if (kind == IRI_EDIT_INSERT_TYPING)
    {
      edit = last_open_edit (self, EDIT_TYPING);
      if (edit != NULL && edit->pos + edit->inserted->len != pos)
        edit = NULL;
    }
  if (edit == NULL)
    edit = push_edit (self, kind == IRI_EDIT_INSERT_TYPING ? EDIT_TYPING : EDIT_OTHER, pos);

  g_string_append_len (edit->inserted, text, length);
  replace (self, pos, 0, text, length);
  self->cursor += g_utf8_strlen (text, length);
  edit->cursor_after = self->cursor;
  /* Typing continues the step; a paste is a step of its own. */
  self->group_open = kind == IRI_EDIT_INSERT_TYPING;
}

void
iri_edit_buffer_insert_char (IriEditBuffer     *self,
                             gunichar           c,
                             IriEditInsertKind  kind)
{
  char utf8[6];
  int len;

  g_return_if_fail (self != NULL);
  g_return_if_fail (c != 0 && g_unichar_validate (c));

  len = g_unichar_to_utf8 (c, utf8);
  iri_edit_buffer_insert (self, utf8, len, kind);
}

/* Deletes code points [@start, @end) as one step of @kind, merging it
 * into the open step of the same kind when it continues it. */
static gboolean
delete_range (IriEditBuffer *self,
              gsize          start,
              gsize          end,
              EditKind       kind,
              gsize          cursor_after)
{
  gsize from, to;
  Edit *edit = NULL;

  end = MIN (end, self->n_chars);
  if (start >= end)
    return FALSE;

  from = byte_offset (self, start);
  to = byte_offset (self, end);

  if (kind == EDIT_BACKSPACE)
    {
      edit = last_open_edit (self, EDIT_BACKSPACE);
      if (edit != NULL && edit->pos != to)
        edit = NULL;
    }
  else if (kind == EDIT_DELETE)
    {
      edit = last_open_edit (self, EDIT_DELETE);
      if (edit != NULL && edit->pos != from)
        edit = NULL;
    }

  if (edit == NULL)
    edit = push_edit (self, kind, from);

  if (kind == EDIT_BACKSPACE)
    {
      g_string_prepend_len (edit->removed, self->text->str + from, to - from);
      edit->pos = from;
    }
  else
    g_string_append_len (edit->removed, self->text->str + from, to - from);

  replace (self, from, to - from, NULL, 0);
  self->cursor = cursor_after;
  edit->cursor_after = cursor_after;
  self->group_open = kind == EDIT_BACKSPACE || kind == EDIT_DELETE;
  return TRUE;
}

gboolean
iri_edit_buffer_delete_backward (IriEditBuffer *self)
{
  gsize start;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->cursor == 0)
    return FALSE;
  start = iri_bidi_layout_move_cursor_logically (get_layout (self), self->cursor, -1);
  return delete_range (self, start, self->cursor, EDIT_BACKSPACE, start);
}

gboolean
iri_edit_buffer_delete_forward (IriEditBuffer *self)
{
  gsize end;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->cursor >= self->n_chars)
    return FALSE;
  end = iri_bidi_layout_move_cursor_logically (get_layout (self), self->cursor, 1);
  return delete_range (self, self->cursor, end, EDIT_DELETE, self->cursor);
}

gboolean
iri_edit_buffer_kill_to_end (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return delete_range (self, self->cursor, self->n_chars, EDIT_OTHER, self->cursor);
}

gboolean
iri_edit_buffer_kill_to_start (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return delete_range (self, 0, self->cursor, EDIT_OTHER, 0);
}

gboolean
iri_edit_is_word_delimiter (gunichar c)
{
  /* RFC 3986 gen-delims (: / ? # [ ] @) and the sub-delims that split
   * a query into names and values (& = ;), plus the dot of host labels
   * and file-name extensions: exactly the boundaries of the units that
   * RFC 3987bis §4.2 checks, so Ctrl-W removes one label or segment. */
  switch (c)
    {
    case '/':
    case '.':
    case '?':
    case '#':
    case '&':
    case '=':
    case ':':
    case '@':
    case ';':
    case '[':
    case ']':
      return TRUE;
    default:
      return g_unichar_isspace (c);
    }
}

/* The first code point of the cluster that starts at @index. */
static gunichar
char_at (IriEditBuffer *self,
         gsize          index)
{
  return g_utf8_get_char (self->text->str + byte_offset (self, index));
}

gboolean
iri_edit_buffer_delete_word_backward (IriEditBuffer *self)
{
  IriBidiLayout *layout;
  gsize start;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->cursor == 0)
    return FALSE;

  /* Like readline's unix-word-rubout with the IRI delimiters as the
   * white space: first the delimiters just before the cursor, then the
   * word before them, so "http://a.example/path" loses "path", then
   * "example/", then "a.", then "http://".  It walks by cluster, so a
   * delimiter with a combining mark on it counts as a letter, as it is
   * displayed. */
  layout = get_layout (self);
  start = self->cursor;
  while (start > 0)
    {
      gsize prev = iri_bidi_layout_move_cursor_logically (layout, start, -1);

      if (!iri_edit_is_word_delimiter (char_at (self, prev)) || prev + 1 != start)
        break;
      start = prev;
    }
  while (start > 0)
    {
      gsize prev = iri_bidi_layout_move_cursor_logically (layout, start, -1);

      if (iri_edit_is_word_delimiter (char_at (self, prev)) && prev + 1 == start)
        break;
      start = prev;
    }

  return delete_range (self, start, self->cursor, EDIT_OTHER, start);
}

gboolean
iri_edit_buffer_undo (IriEditBuffer *self)
{
  Edit *edit;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->undo->len == 0)
    return FALSE;

  edit = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  replace (self, edit->pos, edit->inserted->len, edit->removed->str, edit->removed->len);
  self->cursor = MIN (edit->cursor_before, self->n_chars);
  g_ptr_array_add (self->redo, edit);
  self->group_open = FALSE;
  return TRUE;
}

gboolean
iri_edit_buffer_redo (IriEditBuffer *self)
{
  Edit *edit;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->redo->len == 0)
    return FALSE;

  edit = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  replace (self, edit->pos, edit->removed->len, edit->inserted->str, edit->inserted->len);
  self->cursor = MIN (edit->cursor_after, self->n_chars);
  g_ptr_array_add (self->undo, edit);
  self->group_open = FALSE;
  return TRUE;
}

gboolean
iri_edit_buffer_can_undo (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->undo->len > 0;
}

gboolean
iri_edit_buffer_can_redo (IriEditBuffer *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->redo->len > 0;
}
